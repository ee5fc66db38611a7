import { shopDetails, telHref } from "~/content/shop-details";

/**
 * Facts about the shop used in page chrome, metadata, structured data and e-mails. The contact details are the
 * deployer's (app/content/shop-details.ts), read when used.
 */
export const site = {
  get name() {
    return shopDetails().name;
  },
  tagline: "Premium hair extensions, wigs and accessories",
  get email() {
    return shopDetails().email;
  },
  careersEmail: "careers@luxestrands.example",
  get phone() {
    return shopDetails().phone;
  },
  get phoneHref() {
    return telHref(shopDetails().phone);
  },
  get address() {
    return shopDetails().address;
  },
  get supportHours() {
    return shopDetails().supportHours;
  },
};
