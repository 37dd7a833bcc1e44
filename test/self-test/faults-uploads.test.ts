import { uploadsFaults } from "../../reference-server/faults/uploads.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("uploads", uploadsFaults);
