// A member's saved addresses at checkout (decision 0044): the form's fields for the choice, shared by the page and
// its action.

/** The radio (a saved address's id, or NEW_ADDRESS), the id whose values the fields were filled with, the checkbox. */
export const savedAddressFieldNames = ["savedAddress", "filledFrom", "saveAddress"] as const;

export const NEW_ADDRESS = "new";
