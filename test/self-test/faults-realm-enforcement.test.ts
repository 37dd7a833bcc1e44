import { realmEnforcementFaults } from "../../reference-server/faults/realm/enforcement.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("realm enforcement", realmEnforcementFaults);
