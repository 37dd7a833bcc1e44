import { usersFaults } from "../../reference-server/faults/users.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("users", usersFaults);
