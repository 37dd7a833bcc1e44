import { serverWireFaults } from "../../reference-server/faults/server-wire.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("server-wire", serverWireFaults);
