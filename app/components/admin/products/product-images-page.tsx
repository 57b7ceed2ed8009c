import { ArrowDown, ArrowLeft, ArrowUp, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showAnswerToast } from "~/components/toast";
import { useHydrated } from "~/components/use-hydrated";
import { imageSrcSet, imageUrl } from "~/modules/files/responsive-images";
import { failed } from "~/modules/forms/action-result";
import { chosenFilesTooLarge } from "~/modules/forms/upload-too-large";
import { MAX_ALT_LENGTH, type ProductImagesResult } from "~/modules/product-images/images-answer";
import type { ManagedImage, ProductForImages } from "~/modules/product-images/product-images.server";
import {
  MAX_IMAGE_MEGABYTES,
  MAX_IMAGE_MEGAPIXELS,
  MAX_IMAGES_PER_UPLOAD,
  MAX_UPLOAD_MEGABYTES,
  maxUploadBytes,
  uploadTooLargeMessage,
} from "~/modules/product-images/upload-limits";

const primaryClass =
  "inline-flex items-center justify-center gap-2 rounded-sm bg-ink px-4 py-2 text-sm font-medium text-ivory hover:bg-wine disabled:cursor-wait disabled:opacity-60";
const inputClass = "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink";
const iconButtonClass =
  "inline-flex size-10 items-center justify-center rounded-sm border border-sand bg-white text-ink hover:border-wine disabled:cursor-not-allowed disabled:opacity-40";

function useAnswerToast(answer: ProductImagesResult | undefined) {
  useFetcherAnswer(answer, showAnswerToast);
}

/** An answer in the page: the refused files of an upload, or any answer when JavaScript is off. */
function AnswerNotice({ answer }: { answer: ProductImagesResult | undefined }) {
  const hydrated = useHydrated();
  const problems = answer?.data?.problems;
  if (!answer || (hydrated && !problems)) return null;
  return (
    <div
      role={answer.ok ? "status" : "alert"}
      className={`mt-4 rounded-md border p-4 text-sm ${answer.ok ? "border-sand bg-linen" : "border-wine bg-white"}`}
    >
      <p className="font-medium text-ink">{answer.notice?.description}</p>
      {problems && problems.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ColorSelect({ colors, value, id }: { colors: string[]; value: string | null; id: string }) {
  return (
    <select id={id} name="colorName" defaultValue={value ?? ""} className={inputClass}>
      <option value="">Tutti i colori</option>
      {colors.map((color) => (
        <option key={color} value={color}>
          {color}
        </option>
      ))}
    </select>
  );
}

/** Files above what the server reads: refused before sending, or after a post made before the scripts ran. */
const tooLargeAnswer: ProductImagesResult = failed({
  intent: "upload",
  notice: { title: "Errore", description: uploadTooLargeMessage },
  data: { problems: [] },
});

function UploadForm({ colors, sentTooLarge }: { colors: string[]; sentTooLarge: boolean }) {
  const fetcher = useFetcher<ProductImagesResult>();
  const form = useRef<HTMLFormElement>(null);
  // The answer in the page: the server's, or this page's own when the chosen files are too large to send.
  const [answer, setAnswer] = useState<ProductImagesResult | undefined>(sentTooLarge ? tooLargeAnswer : undefined);
  useFetcherAnswer(fetcher.data, (answered) => {
    showAnswerToast(answered);
    setAnswer(answered);
    if (answered.ok) form.current?.reset();
  });
  return (
    <section aria-labelledby="upload-title" className="mt-6 rounded-md border border-sand bg-white p-5">
      <h2 id="upload-title" className="text-lg text-ink">
        Carica immagini
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        JPEG, PNG, WebP o AVIF, fino a {MAX_IMAGE_MEGABYTES} MB e {MAX_IMAGE_MEGAPIXELS} megapixel ciascuna; al massimo{" "}
        {MAX_IMAGES_PER_UPLOAD} immagini e {MAX_UPLOAD_MEGABYTES} MB alla volta. Le immagini vengono raddrizzate,
        ripulite dai dati della fotocamera e ridimensionate.
      </p>
      <fetcher.Form
        ref={form}
        method="post"
        encType="multipart/form-data"
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(event) => {
          if (!chosenFilesTooLarge(event.currentTarget, "images", maxUploadBytes)) return;
          event.preventDefault();
          showAnswerToast(tooLargeAnswer);
          setAnswer({ ...tooLargeAnswer });
        }}
      >
        <input type="hidden" name="intent" value="upload" />
        <label className="block text-sm text-ink sm:col-span-2">
          File
          <input
            name="images"
            type="file"
            multiple
            required
            accept="image/jpeg,image/png,image/webp,image/avif"
            className={`${inputClass} file:mr-3 file:rounded-sm file:border-0 file:bg-linen file:px-3 file:py-1`}
          />
        </label>
        <label className="block text-sm text-ink" htmlFor="upload-color">
          Colore
          <ColorSelect id="upload-color" colors={colors} value={null} />
        </label>
        <label className="block text-sm text-ink">
          Testo alternativo
          <input
            name="alt"
            maxLength={MAX_ALT_LENGTH}
            placeholder="Se vuoto: nome del prodotto e colore"
            className={inputClass}
          />
        </label>
        <div className="sm:col-span-2">
          <button type="submit" className={primaryClass} disabled={fetcher.state !== "idle"}>
            {fetcher.state === "idle" ? "Carica immagini" : "Caricamento…"}
          </button>
        </div>
      </fetcher.Form>
      <AnswerNotice answer={answer} />
    </section>
  );
}

function ImageCard({
  image,
  index,
  count,
  colors,
  productName,
}: {
  image: ManagedImage;
  index: number;
  count: number;
  colors: string[];
  productName: string;
}) {
  const save = useFetcher<ProductImagesResult>();
  const move = useFetcher<ProductImagesResult>();
  const remove = useFetcher<ProductImagesResult>();
  useAnswerToast(save.data);
  useAnswerToast(move.data);
  useAnswerToast(remove.data);
  const label = `Immagine ${index + 1} di ${count}`;
  return (
    <li aria-label={label} className="flex flex-col gap-3 rounded-md border border-sand bg-white p-3 sm:flex-row">
      <img
        src={imageUrl(image.path, 320)}
        srcSet={imageSrcSet(image.path, 480) ?? undefined}
        sizes="160px"
        alt={image.alt}
        width={160}
        height={200}
        className="h-48 w-full rounded-sm bg-linen object-contain sm:h-40 sm:w-32"
      />
      <div className="flex-1">
        <save.Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="imageId" value={image.id} />
          <label className="block text-sm text-ink">
            Testo alternativo
            <input
              name="alt"
              required
              maxLength={MAX_ALT_LENGTH}
              defaultValue={image.alt || productName}
              className={inputClass}
            />
          </label>
          <label className="block text-sm text-ink" htmlFor={`color-${image.id}`}>
            Colore
            <ColorSelect id={`color-${image.id}`} colors={colors} value={image.colorName} />
          </label>
          <div>
            <button type="submit" className={primaryClass} disabled={save.state !== "idle"}>
              Salva
            </button>
          </div>
        </save.Form>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <move.Form method="post" className="flex gap-2">
            <input type="hidden" name="imageId" value={image.id} />
            <button
              type="submit"
              name="intent"
              value="move-up"
              className={iconButtonClass}
              disabled={index === 0 || move.state !== "idle"}
              aria-label={`Sposta prima: ${label}`}
            >
              <ArrowUp aria-hidden className="size-4" />
            </button>
            <button
              type="submit"
              name="intent"
              value="move-down"
              className={iconButtonClass}
              disabled={index === count - 1 || move.state !== "idle"}
              aria-label={`Sposta dopo: ${label}`}
            >
              <ArrowDown aria-hidden className="size-4" />
            </button>
          </move.Form>
          <remove.Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm("Eliminare questa immagine? Non si può annullare.")) event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="imageId" value={image.id} />
            <button
              type="submit"
              className="inline-flex items-center gap-1 px-2 py-2 text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
              disabled={remove.state !== "idle"}
              aria-label={`Elimina: ${label}`}
            >
              <Trash2 aria-hidden className="size-4" />
              Elimina
            </button>
          </remove.Form>
        </div>
      </div>
    </li>
  );
}

export function ProductImagesPage({
  product,
  uploadTooLarge,
  answer,
}: {
  product: ProductForImages | null;
  /** A post was refused before it was read: its files were above what the server reads. */
  uploadTooLarge: boolean;
  /** The action's answer to a post made without JavaScript. */
  answer: ProductImagesResult | undefined;
}) {
  const back = (
    <Link
      to={product ? `/admin/products/${product.id}` : "/admin/products"}
      className="inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {product ? "Torna al prodotto" : "Torna ai prodotti"}
    </Link>
  );
  if (!product) {
    return (
      <>
        {back}
        <p className="mt-6 text-ink">Prodotto non trovato.</p>
      </>
    );
  }
  return (
    <>
      {back}
      <h1 className="mt-4 text-3xl text-ink">Immagini di {product.name}</h1>
      <p className="mt-1 text-sm text-ink-soft">
        Nella pagina del prodotto compaiono in quest'ordine: per ogni colore le sue e quelle di tutti i colori.{" "}
        <Link to={`/product/${product.id}`} className="text-wine underline underline-offset-4">
          Vedi la pagina del prodotto
        </Link>
      </p>
      <AnswerNotice answer={answer} />
      <UploadForm colors={product.colors} sentTooLarge={uploadTooLarge} />
      <section aria-labelledby="images-title" className="mt-6">
        <h2 id="images-title" className="text-lg text-ink">
          Immagini del prodotto ({product.images.length})
        </h2>
        {product.images.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">Ancora nessuna immagine.</p>
        ) : (
          <ol className="mt-3 grid gap-3">
            {product.images.map((image, index) => (
              <ImageCard
                key={image.id}
                image={image}
                index={index}
                count={product.images.length}
                colors={product.colors}
                productName={product.name}
              />
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
