// A member's profile: the editable name beside the account's address.

export interface Profile {
  id: string;
  email: string | null;
  fullName: string | null;
  avatarUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ProfilesPort {
  get(input: { userId: string }): Promise<Profile | null>;
  /** Blank clears the name. At most PROFILE_NAME_MAX_LENGTH characters. */
  updateFullName(input: { userId: string; fullName: string }): Promise<Profile>;
}
