import { authenticationFaults } from "../../reference-server/faults/authentication.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("authentication", authenticationFaults);
