import { registerFaults } from "../../reference-server/faults/register.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("register", registerFaults);
