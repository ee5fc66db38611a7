/** The profile with its change-password form open (it works without JavaScript: the query opens it). */
export const CHANGE_PASSWORD_PATH = "/profile?password=1";
