import { emailFieldTests } from "./email/fields.ts";
import { lookupTests } from "./email/lookup.ts";
import { settingsTests } from "./email/settings.ts";
import { defineSuite } from "../../src/expect/suite.ts";

/**
 * Email visibility: the user setting (FL163) and what it decides — delivery_email, avatar_url, the dummy email,
 * lookups by email (FL302). Declared from this one file because some tests change the organization's
 * visibility (before FL163) or the default for new users, which the others read: a file's tests run one at a
 * time.
 */
const suite = defineSuite(import.meta.url, { needs: ["administrator", "owner", "member"], isolated: true });
settingsTests(suite);
emailFieldTests(suite);
lookupTests(suite);
