import { versioningFaults } from "../../reference-server/faults/versioning.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("versioning", versioningFaults);
