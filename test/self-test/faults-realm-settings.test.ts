import { realmFaults } from "../../reference-server/faults/realm/settings.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("realm settings", realmFaults);
