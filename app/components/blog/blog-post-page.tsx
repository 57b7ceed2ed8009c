import { ArrowLeft, Star } from "lucide-react";
import { Link } from "react-router";
import { type BlogResult, CommentForm, CommentList } from "~/components/blog/comments";
import { PostByline } from "~/components/blog/post-card";
import { RatingControl } from "~/components/blog/rating-control";
import { blogMessages, formatRating } from "~/modules/blog/blog";
import type { Article } from "~/modules/blog/posts.server";

export function BlogPostPage({
  article,
  lockedAuthor,
  answer: actionData,
}: {
  article: Article | null;
  /** A signed-in user's first name, under which they comment. */
  lockedAuthor: string | null;
  /** The action's answer to a form posted without JavaScript. */
  answer: BlogResult | undefined;
}) {
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
