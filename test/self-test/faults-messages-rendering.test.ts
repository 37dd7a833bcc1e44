import { messagesRenderingFaults } from "../../reference-server/faults/messages/rendering.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("messages rendering", messagesRenderingFaults);
