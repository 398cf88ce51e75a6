// Runs first, before the page paints: scripts work here, so show the JavaScript controls.
document.documentElement.classList.replace("no-js", "js");
