import { messagesFlagsFaults } from "../../reference-server/faults/messages/flags.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("messages flags", messagesFlagsFaults);
