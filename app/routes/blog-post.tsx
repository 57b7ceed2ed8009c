import { ArrowLeft, Star } from "lucide-react";
import { data, Link } from "react-router";
import { z } from "zod";
import type { BlogAnswer, BlogIntent } from "~/components/blog/comments";
import { CommentForm, CommentList } from "~/components/blog/comments";
import { PostByline } from "~/components/blog/post-card";
import { RatingControl } from "~/components/blog/rating-control";
import type { Database } from "~/db/client.server";
import { logger } from "~/logger.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { blogMessages, COMMENT_AUTHOR_MAX_LENGTH, COMMENT_CONTENT_MAX_LENGTH, formatRating } from "~/modules/blog/blog";
import { addComment, findArticle, ratePost } from "~/modules/blog/posts.server";
import { commentLimit, ratingLimit, ratingPerPostLimit } from "~/modules/blog/rate-limits.server";
import { newVisitorId, readVisitorId, voterKey } from "~/modules/blog/visitor.server";
import type { FormResult } from "~/modules/forms/form-result";
import { readForm } from "~/modules/forms/read-form.server";
import { formRateLimit } from "~/modules/security/form-rate-limit.server";
import { honeypotFilled } from "~/modules/security/honeypot";
import { canonicalMeta, pageMeta } from "~/modules/seo/meta";
import { blogPostingJsonLd, breadcrumbJsonLd } from "~/modules/seo/structured-data";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { services } from "~/services.server";
import type { Route } from "./+types/blog-post";

/** Who votes: a signed-in user as themselves, a guest by the visitor id in their cookie (if any yet). */
async function voterOf(request: Request): Promise<{ userId: string } | { visitorId: string } | null> {
  const user = await getCurrentUser(request);
  if (user) return { userId: user.id };
  const visitorId = await readVisitorId(request.headers.get("Cookie"));
  return visitorId ? { visitorId } : null;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const voter = await voterOf(request);
  const article = await findArticle(services(context).db, params.slug, voter ? voterKey(voter) : null);
  if (!article) return data({ article: null, lockedAuthor: null, urls: null }, { status: 404 });
  const user = await getCurrentUser(request);
  return {
    article,
    // A signed-in user with a first name comments under it.
    lockedAuthor: user?.firstName || null,
    urls: {
      page: absoluteUrl(`/blog/${article.slug}`),
      blog: absoluteUrl("/blog"),
      home: absoluteUrl("/"),
      image: article.imageUrl ? absoluteUrl(article.imageUrl) : null,
    },
  };
}

const ratingSchema = z.coerce.number().int().min(1).max(5);

const commentSchema = z.object({
  author: z
    .string()
    .trim()
    .min(1, blogMessages.commentRequired)
    .max(COMMENT_AUTHOR_MAX_LENGTH, blogMessages.commentFailed),
  content: z
    .string()
    .trim()
    .min(1, blogMessages.commentRequired)
    .max(COMMENT_CONTENT_MAX_LENGTH, blogMessages.commentFailed),
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db } = services(context);
  return form.get("intent") === "rate" ? rate(db, params.slug, form, request) : comment(db, params.slug, form, request);
}

/** An answer of one of the page's two forms, in the form contract, saying which form it is for. */
function answer(intent: BlogIntent, result: FormResult, init?: ResponseInit) {
  return data<BlogAnswer>({ intent, ...result }, init);
}

const failure = (description: string): FormResult => ({ ok: false, error: { title: "Errore", description } });

async function rate(db: Database, slug: string, form: FormData, request: Request) {
  const limited =
    (await formRateLimit(db, ratingLimit, request)) ?? (await formRateLimit(db, ratingPerPostLimit, request, slug));
  if (limited) return answer("rate", limited.data, limited.init ?? undefined);
  // A bot filled the hidden field: it gets the usual answer and nothing is stored.
  if (honeypotFilled(form)) return answer("rate", { ok: true });
  const rating = ratingSchema.safeParse(form.get("rating"));
  if (!rating.success) return answer("rate", failure("Voto non valido."), { status: 400 });

  let voter = await voterOf(request);
  const headers = new Headers();
  if (!voter) {
    const fresh = await newVisitorId();
    voter = { visitorId: fresh.visitorId };
    headers.set("Set-Cookie", fresh.setCookie);
  }
  const saved = await ratePost(db, { slug, voterKey: voterKey(voter), rating: rating.data });
  if (!saved) return answer("rate", failure(blogMessages.notFound), { status: 404 });
  return answer("rate", { ok: true }, { headers });
}

async function comment(db: Database, slug: string, form: FormData, request: Request) {
  const limited = await formRateLimit(db, commentLimit, request);
  if (limited) return answer("comment", limited.data, limited.init ?? undefined);
  if (honeypotFilled(form)) return answer("comment", { ok: true });
  const user = await getCurrentUser(request);
  // A signed-in user's first name is the author, whatever the (locked) field sent.
  const author = user?.firstName || (form.get("author") ?? "");
  const parsed = commentSchema.safeParse({ author, content: form.get("content") ?? "" });
  if (!parsed.success) {
    return answer("comment", failure(parsed.error.issues[0]?.message ?? blogMessages.commentFailed), { status: 400 });
  }
  let saved: boolean;
  try {
    saved = await addComment(db, { slug, ...parsed.data, userId: user?.id ?? null });
  } catch (error) {
    logger.error({ err: error }, "blog comment not stored");
    return answer("comment", failure(blogMessages.commentFailed), { status: 500 });
  }
  if (!saved) return answer("comment", failure(blogMessages.commentFailed), { status: 404 });
  return answer("comment", { ok: true });
}

export function meta({ loaderData }: Route.MetaArgs) {
  const article = loaderData?.article;
  const urls = loaderData?.urls;
  if (!article || !urls) return [{ title: blogMessages.notFound }, { name: "robots", content: "noindex" }];
  return [
    ...pageMeta(article.title, article.excerpt).filter((tag) => !("property" in tag && tag.property === "og:type")),
    { property: "og:type", content: "article" },
    ...(urls.image ? [{ property: "og:image", content: urls.image }] : []),
    { property: "article:published_time", content: article.publishedAt.toISOString() },
    ...canonicalMeta(urls.page),
    {
      "script:ld+json": blogPostingJsonLd({
        ...article,
        url: urls.page,
        imageUrl: urls.image,
        commentCount: article.comments.length,
      }),
    },
    {
      "script:ld+json": breadcrumbJsonLd([
        { name: "Home", url: urls.home },
        { name: "Blog", url: urls.blog },
        { name: article.title, url: urls.page },
      ]),
    },
  ];
}

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { article, lockedAuthor } = loaderData;
  // Answers to a post without JavaScript, each to its form.
  const rateAnswer = actionData?.intent === "rate" ? actionData : undefined;
  const commentAnswer = actionData?.intent === "comment" ? actionData : undefined;
  if (!article) {
    return (
      <div className="mx-auto max-w-xl px-4 py-24 text-center">
        <h1 className="text-3xl text-ink">{blogMessages.notFound}</h1>
        <Link to="/blog" className="mt-6 inline-flex items-center gap-2 text-wine underline underline-offset-4">
          <ArrowLeft aria-hidden className="size-4" />
          Torna al blog
        </Link>
      </div>
    );
  }

  return (
    <article>
      <header className="border-b border-sand bg-linen">
        <div className="mx-auto max-w-4xl px-4 pt-10 pb-12 sm:px-6 sm:pt-14">
          <Link
            to="/blog"
            className="inline-flex items-center gap-2 text-sm text-ink-soft underline-offset-4 hover:text-wine hover:underline"
          >
            <ArrowLeft aria-hidden className="size-4" />
            Tutti gli articoli
          </Link>
          <PostByline post={article} className="mt-6" />
          <h1 className="mt-4 text-4xl leading-tight text-ink sm:text-5xl">{article.title}</h1>
          <p className="mt-5 text-lg leading-relaxed text-ink-soft">{article.excerpt}</p>
          {article.rating !== null && article.ratingCount > 0 && (
            <p className="mt-5 flex items-center gap-2 text-sm text-ink" data-testid="article-rating">
              <Star aria-hidden className="size-4 text-wine" fill="currentColor" />
              <span>
                <span className="font-semibold">{formatRating(article.rating)}</span> su 5 ({article.ratingCount}{" "}
                {article.ratingCount === 1 ? "voto" : "voti"})
              </span>
            </p>
          )}
        </div>
      </header>

      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        {article.imageUrl && (
          <img
            src={article.imageUrl}
            alt=""
            width={1200}
            height={800}
            // The article's largest element: fetched before the scripts.
            fetchPriority="high"
            className="mb-12 aspect-[3/2] w-full rounded-md object-cover"
          />
        )}

        {article.toc.length > 1 && (
          <nav aria-labelledby="toc-title" className="mb-10 max-w-3xl rounded-md border border-sand bg-white p-6">
            <h2 id="toc-title" className="font-sans text-xs font-semibold tracking-[0.2em] text-ink-soft uppercase">
              In questo articolo
            </h2>
            <ul className="mt-3 space-y-1.5 text-ink">
              {article.toc.map((entry) => (
                <li key={entry.id}>
                  <a href={`#${entry.id}`} className="underline-offset-4 hover:text-wine hover:underline">
                    {entry.text}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <div
          className="legal-text text-lg [&_blockquote]:my-6 [&_blockquote]:border-l-4 [&_blockquote]:border-wine/40 [&_blockquote]:pl-5 [&_blockquote]:italic [&_figcaption]:mt-2 [&_figcaption]:text-sm [&_figcaption]:text-ink-soft [&_figure]:my-8 [&_img]:rounded-md"
          // Sanitized on the server with an allow-list (modules/blog/article-body.server.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is sanitized on the server
          dangerouslySetInnerHTML={{ __html: article.html }}
        />

        <section aria-label="Valutazione" className="mt-16 max-w-3xl rounded-md border border-sand bg-linen px-6 py-8">
          <RatingControl yourRating={article.yourRating} thanked={rateAnswer?.ok === true} />
        </section>

        <section aria-labelledby="comments-title" className="mt-16 max-w-3xl">
          <CommentList comments={article.comments} />
          <CommentForm lockedAuthor={lockedAuthor} result={commentAnswer} />
        </section>
      </div>
    </article>
  );
}
