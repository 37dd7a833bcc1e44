import { serverFaults } from "../../reference-server/faults/server.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("server", serverFaults);
