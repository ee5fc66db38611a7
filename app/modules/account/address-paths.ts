// The saved addresses' URLs and intents on /profile (decision 0044): shared by the page's forms and its action.

export const ADDRESS_INTENTS = {
  save: "save-address",
  makeDefault: "default-address",
  remove: "remove-address",
} as const;

/** The profile with an address's form open: "new", or a saved address's id. */
export const addressPath = (id: string) => `/profile?${new URLSearchParams({ address: id })}`;
