import { accessEventTests } from "./access/events.ts";
import { listingTests } from "./access/listing.ts";
import { placeholderTests } from "./access/placeholders.ts";
import { accessPropertyTest } from "./access/property.ts";
import { settingTests } from "./access/setting.ts";
import { defineSuite } from "../../src/expect/suite.ts";

/**
 * Access to users under can_access_all_users_group_id (FL225–FL303). Every test that changes or depends on that
 * realm-wide setting is declared from this one file, so they run one at a time (vitest runs a file's tests in
 * order, files in parallel): each limits access for guests only, and only fresh guests are looked at.
 */
const suite = defineSuite(import.meta.url, { needs: ["administrator", "owner"], isolated: true });
settingTests(suite);
listingTests(suite);
accessEventTests(suite);
placeholderTests(suite);
accessPropertyTest(suite);
