import { invitationsFaults } from "../../reference-server/faults/invitations.ts";
import { proveFaults } from "./prove-faults.ts";

proveFaults("invitations", invitationsFaults);
