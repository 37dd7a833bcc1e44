import { settingsFaults } from "../../reference-server/faults/settings.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("settings", settingsFaults);
