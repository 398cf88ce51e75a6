// The import page sends a pasted log as a file, as it sends a chosen one: a form field is held to
// the site's 64 KB, a file to the log's own limit (256 KB), so a long log pasted here goes through.
for (const form of document.querySelectorAll("[data-import-form]")) {
  const log = form.querySelector("textarea[name='log']");
  const file = form.querySelector("input[type='file'][name='file']");
  form.addEventListener("submit", () => {
    if (!log.value || file.files.length) return;
    const files = new DataTransfer();
    files.items.add(new File([log.value], "pasted-log.txt", { type: "text/plain" }));
    file.files = files.files;
    log.removeAttribute("name");
  });
  // Back to this page from the next one: the field is the form's again.
  window.addEventListener("pageshow", () => log.setAttribute("name", "log"));
}
