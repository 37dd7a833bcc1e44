import { messagesEditFaults } from "../../reference-server/faults/messages/edit.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("messages edit", messagesEditFaults);
