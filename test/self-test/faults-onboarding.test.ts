import { onboardingFaults } from "../../reference-server/faults/onboarding.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("onboarding", onboardingFaults);
