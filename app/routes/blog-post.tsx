import { data } from "react-router";
import { z } from "zod";
import { BlogPostPage } from "~/components/blog/blog-post-page";
import type { BlogIntent, BlogResult } from "~/components/blog/comments";
import type { Database } from "~/db/client.server";
import { logger } from "~/logger.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { blogMessages, COMMENT_AUTHOR_MAX_LENGTH, COMMENT_CONTENT_MAX_LENGTH } from "~/modules/blog/blog";
import { addComment, findArticle, ratePost } from "~/modules/blog/posts.server";
import { commentLimit, ratingLimit, ratingPerPostLimit } from "~/modules/blog/rate-limits.server";
import { newVisitorId, readVisitorId, voterKey } from "~/modules/blog/visitor.server";
import { type ActionResult, handleIntent } from "~/modules/forms/action-result";
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
  return handleIntent(form, {
    rate: () => rate(db, params.slug, form, request),
    comment: () => comment(db, params.slug, form, request),
  });
}

/** An answer of one of the page's two forms, in the form contract, saying which form it is for. */
function answer(intent: BlogIntent, result: ActionResult, init?: ResponseInit) {
  return data<BlogResult>({ intent, ...result }, init);
}

const failure = (description: string): ActionResult => ({ ok: false, notice: { title: "Errore", description } });

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
  return <BlogPostPage {...loaderData} answer={actionData} />;
}
