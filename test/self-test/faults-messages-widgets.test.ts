import { messagesWidgetsFaults } from "../../reference-server/faults/messages/widgets.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("messages widgets", messagesWidgetsFaults);
