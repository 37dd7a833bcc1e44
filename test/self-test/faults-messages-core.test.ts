import { messagesCoreFaults } from "../../reference-server/faults/messages/core.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("messages core", messagesCoreFaults);
