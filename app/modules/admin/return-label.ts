// A return label (decision 0048) is a PDF by its content, never by its name or type: every PDF starts "%PDF-".
const PDF_SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d];

export const isPdf = (bytes: Uint8Array) => PDF_SIGNATURE.every((byte, index) => bytes[index] === byte);

/** The file field of the label form. */
export const RETURN_LABEL_FIELD = "label";
