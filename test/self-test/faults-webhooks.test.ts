import { webhooksFaults } from "../../reference-server/faults/webhooks.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("webhooks", webhooksFaults);
