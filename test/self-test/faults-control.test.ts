import { controlFaults } from "../../reference-server/faults/control.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("control", controlFaults);
