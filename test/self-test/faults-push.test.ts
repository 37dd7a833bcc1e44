import { pushFaults } from "../../reference-server/faults/push.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("push", pushFaults);
