import { realmTableFaults } from "../../reference-server/faults/realm-table.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("realm-table", realmTableFaults);
