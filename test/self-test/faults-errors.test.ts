import { errorsFaults } from "../../reference-server/faults/errors.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("errors", errorsFaults);
