import type { Fault } from "../fault.ts";

/** Rendered message HTML (image previews, silent group mentions): each fault breaks one clause (see ../faults.ts). */
export const messagesRenderingFaults = {
  "fl276.messages.original-dimensions-preview": {
    clause: "fl276.messages.original-dimensions-preview",
    description: "image previews lack data-original-dimensions, as before FL276",
    flips: "originalDimensionsPreview",
  },
  "fl287.messages.original-dimensions-placeholder": {
    clause: "fl287.messages.original-dimensions-placeholder",
    description: "loading placeholders lack data-original-dimensions, as before FL287",
    flips: "originalDimensionsPlaceholder",
  },
  "fl278.messages.original-dimensions-placeholder-backport": {
    clause: "fl278.messages.original-dimensions-placeholder-backport",
    description: "at the 9.x level 278 loading placeholders lack data-original-dimensions (the backport missing)",
    flips: "originalDimensionsPlaceholderBackport",
    level: 278,
  },
  "fl336.messages.original-content-type": {
    clause: "fl336.messages.original-content-type",
    description: "image previews lack data-original-content-type, as before FL336",
    flips: "originalContentType",
  },
  "fl336.messages.transcoded-image": {
    clause: "fl336.messages.transcoded-image",
    description: "previews of TIFF images lack data-transcoded-image, as before FL336",
    flips: "transcodedImage",
  },
  "fl333.messages.silent-system-group-mention": {
    clause: "fl333.messages.silent-system-group-mention",
    description: "a silent mention of a system group renders as plain text, as before FL333",
    flips: "silentSystemGroupMention",
  },
} as const satisfies Record<string, Fault>;
