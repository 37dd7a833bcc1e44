import { realmFaults } from "../../reference-server/faults/realm.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("realm", realmFaults);
