import { data } from "react-router";
import { NotFoundMessage } from "~/components/layout/not-found-message";

// Both /404 and every unknown path end here, with a real 404 status for browsers and crawlers.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundMessage />;
}
