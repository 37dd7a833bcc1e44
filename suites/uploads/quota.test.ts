import { defineSuite } from "../../src/expect/suite.ts";
import { UploadResponse } from "../../src/schemas/upload.ts";
import { onControlledThrowaway } from "../support/control.ts";
import { textFile, type TestFile } from "../support/uploads.ts";

const { behaviour } = defineSuite(import.meta.url, { needs: ["member"] });

// The upload quota comes with the plan (or the server's configuration), which no API sets: the reference control
// gives a throw-away organization a plan with no room left; on real servers this test is not verifiable.

behaviour(
  "fl153.uploads.upload-quota",
  "an upload past the organization's quota is refused by POST /user_uploads with REALM_UPLOAD_QUOTA",
  { id: "fl153.uploads.upload-quota#an-upload-past-the-organization-s-quota-is-refused-by-post-user-uploads-with-realm-upload-quota" },
  async (t) => {
    await onControlledThrowaway(t, async (org, control) => {
      const post = (file: TestFile) =>
        org
          .api("member")
          .post("/user_uploads", {}, { encoding: "multipart", files: [{ field: "file0", filename: file.name, contentType: file.type, data: file.data }] });
      const first = await post(textFile(t, "within.txt", "quota"));
      t.expect.schema(UploadResponse, t.expect.success(first, "an upload within the quota"), first.exchange, "the upload response");
      await control.changePlan({ plan_type: 2, upload_quota_mib: 0 });
      t.expect.error(await post(textFile(t, "past.txt", "quota")), 400, "REALM_UPLOAD_QUOTA");
    });
  },
);
