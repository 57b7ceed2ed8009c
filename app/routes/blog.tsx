import { Suspense, useState } from "react";
import { Await } from "react-router";
import { PostCard, type PostCardData } from "~/components/blog/post-card";
import { PageHeader } from "~/components/layout/page-header";
import { Tabs } from "~/components/ui/tabs";
import { blogMessages, categoriesOf, splitFeatured } from "~/modules/blog/blog";
import { listPosts } from "~/modules/blog/posts.server";
import { canonicalMeta, pageMeta } from "~/modules/seo/meta";
import { shop } from "~/modules/shop/identity";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { services } from "~/services.server";
import type { Route } from "./+types/blog";

export function loader({ context }: Route.LoaderArgs) {
  // Not awaited: the page streams at once with placeholders, then the list in the same response.
  return { posts: listPosts(services(context).db), canonicalUrl: absoluteUrl("/blog") };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    ...pageMeta(
      "Blog",
      `Consigli di stile, guide alle taglie e alla cura dei capi dal negozio ${shop.name} di ${shop.address.town}.`,
    ),
    ...(loaderData ? canonicalMeta(loaderData.canonicalUrl) : []),
  ];
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader eyebrow="Blog" title="Storie, consigli e novità dal negozio">
        <p>Guide alle taglie, cura dei capi e idee di stile, scritte da chi ogni giorno ti consiglia in negozio.</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
        <Suspense fallback={<PostsLoading />}>
          <Await resolve={loaderData.posts} errorElement={<Notice role="alert">{blogMessages.loadError}</Notice>}>
            {(posts) => <PostList posts={posts} />}
          </Await>
        </Suspense>
      </div>
    </>
  );
}

function PostList({ posts }: { posts: PostCardData[] }) {
  const [category, setCategory] = useState("all");
  const { featured, rest } = splitFeatured(posts);
  if (!featured) return <Notice role="status">{blogMessages.empty}</Notice>;
  const categories = categoriesOf(rest);

  return (
    <>
      <section aria-label="Articolo in evidenza">
        <PostCard post={featured} featured />
      </section>
      {rest.length > 0 && (
        <div className="mt-16">
          <Tabs
            label="Categorie"
            listClassName="flex flex-wrap gap-2 border-b border-sand pb-4"
            tabClassName="rounded-full border border-sand px-4 py-2 text-sm text-ink hover:border-ink aria-selected:border-ink aria-selected:bg-ink aria-selected:text-ivory"
            panelClassName="mt-8 focus-visible:outline-none"
            tabs={[{ value: "all", label: "Tutti" }, ...categories.map((name) => ({ value: name, label: name }))]}
            value={category}
            onChange={setCategory}
          >
            <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {rest
                .filter((post) => category === "all" || post.category === category)
                .map((post) => (
                  <li key={post.slug} className="flex">
                    <PostCard post={post} />
                  </li>
                ))}
            </ul>
          </Tabs>
        </div>
      )}
    </>
  );
}

function Notice({ role, children }: { role: "alert" | "status"; children: string }) {
  return (
    <p role={role} className="rounded-md border border-sand bg-linen px-6 py-10 text-center text-ink-soft">
      {children}
    </p>
  );
}

/** Grey shapes where the posts will appear, while they load. */
function PostsLoading() {
  return (
    <div role="status" aria-label="Caricamento degli articoli" className="animate-pulse">
      <div className="h-80 rounded-md bg-linen" />
      <div className="mt-16 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
        {[1, 2, 3].map((n) => (
          <div key={n} className="h-96 rounded-md bg-linen" />
        ))}
      </div>
    </div>
  );
}
