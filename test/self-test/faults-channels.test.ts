import { channelsFaults } from "../../reference-server/faults/channels.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("channels", channelsFaults);
