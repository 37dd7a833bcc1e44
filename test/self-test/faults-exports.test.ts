import { exportsFaults } from "../../reference-server/faults/exports.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("exports", exportsFaults);
