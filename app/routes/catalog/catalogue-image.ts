import type { LoaderFunctionArgs } from "@remix-run/node";

import { getBackend } from "~/backend/backend.server";
import { isBackendUnavailable } from "~/backend/unavailable.server";
import { notFoundResponse } from "~/http/not-found.server";
import { renditionResponse } from "~/modules/catalog/catalogue-image-files.server";

// A rendition of a photo uploaded in the back office (decision 0038), e.g. /catalogue-images/clip-1-0a1b2c3d4e5f-640.avif.
// An unknown file is the ordinary 404; a database out of reach, a 503 that no cache keeps.

export async function loader({ request, params }: LoaderFunctionArgs) {
  try {
    const answer = await renditionResponse((await getBackend()).catalogueImages, params.file ?? "");
    if (answer) return answer;
  } catch (error) {
    if (!isBackendUnavailable(error)) throw error;
    return new Response("The shop's database is not reachable right now.", {
      status: 503,
      headers: { "Cache-Control": "no-store", "Retry-After": "5" },
    });
  }
  throw notFoundResponse(request);
}
