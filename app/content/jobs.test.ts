import { describe, expect, it } from "vitest";

import { applicationMailto, jobPostings } from "~/content/jobs";
import { site } from "~/site/site";

describe("jobPostings", () => {
  it("lists the four positions of the spec", () => {
    expect(jobPostings.map(({ title, department, location, type }) => ({ title, department, location, type }))).toEqual(
      [
        { title: "Hair Stylist", department: "Salon", location: "Beverly Hills", type: "Full-time" },
        {
          title: "Customer Service Representative",
          department: "Customer Support",
          location: "Remote",
          type: "Full-time",
        },
        { title: "Marketing Coordinator", department: "Marketing", location: "Los Angeles", type: "Full-time" },
        { title: "Warehouse Associate", department: "Operations", location: "Los Angeles", type: "Part-time" },
      ],
    );
  });

  it("gives every position a description and requirements", () => {
    for (const job of jobPostings) {
      expect(job.description.length).toBeGreaterThan(20);
      expect(job.requirements.length).toBeGreaterThan(0);
    }
  });
});

describe("applicationMailto", () => {
  it("addresses the careers inbox with the position in an encoded subject", () => {
    expect(applicationMailto("Customer Service Representative")).toBe(
      `mailto:${site.careersEmail}?subject=Application%3A%20Customer%20Service%20Representative`,
    );
  });

  it("uses a general subject without a position", () => {
    expect(applicationMailto()).toBe(`mailto:${site.careersEmail}?subject=General%20Application`);
  });
});
