// The print pages' one button: the browser's own print (to paper or PDF).
document.querySelector("[data-action='print']")?.addEventListener("click", () => window.print());
