// Share the evening's recap picture (SPEC 12): the phone's share sheet with the PNG where the
// browser can share files (Web Share API level 2), a download of it everywhere else.
import { toast } from "./page.js";
import { t } from "./render.js";

async function recapFile(button) {
  // The page's language goes with the request (cookie, Accept-Language), so the picture is in it.
  const reply = await fetch(button.dataset.recapPng, { credentials: "same-origin" });
  if (!reply.ok) throw new Error(String(reply.status));
  const blob = await reply.blob();
  return new File([blob], button.dataset.recapName, { type: "image/png" });
}

function download(file) {
  const link = Object.assign(document.createElement("a"), { href: URL.createObjectURL(file), download: file.name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export async function shareRecap(button) {
  let file;
  try {
    file = await recapFile(button);
  } catch {
    toast(t("The recap could not be fetched: check the connection and try again."));
    return;
  }
  if (navigator.canShare && navigator.share && navigator.canShare({ files: [file] })) {
    try {
      await navigator.share({ files: [file], title: button.dataset.recapTitle });
    } catch (error) {
      if (error.name !== "AbortError") download(file); // cancelled on purpose: nothing more to do
    }
    return;
  }
  download(file);
}
