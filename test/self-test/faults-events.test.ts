import { eventsFaults } from "../../reference-server/faults/events.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("events", eventsFaults);
