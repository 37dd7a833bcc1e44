import { groupsFaults } from "../../reference-server/faults/groups.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("groups", groupsFaults);
