import { realmTableFaults } from "../../reference-server/faults/realm/permission-table.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("realm permission-table", realmTableFaults);
