import { integrationsFaults } from "../../reference-server/faults/integrations.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("integrations", integrationsFaults);
