import { callsFaults } from "../../reference-server/faults/calls.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("calls", callsFaults);
