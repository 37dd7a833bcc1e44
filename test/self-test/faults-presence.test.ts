import { presenceFaults } from "../../reference-server/faults/presence.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("presence", presenceFaults);
