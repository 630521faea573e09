// Uncaught errors, on both pages. PyScript's own error panel is off (pyscript.json: "plugins": ["!error"]),
// so a failure never shows a traceback in the page: it becomes one short line at the top (#fail), in the
// page's language (Python sets the words through window.explorersFailText once the language is known),
// and the details go to the browser console for developers. Each failure replaces the line (they never pile
// up) and the page keeps working: every click and message is handled on its own.
let words = "Something went wrong; the rest still works.";
window.explorersFailText = text => { words = String(text); };

function show(detail) {
  console.error(detail);
  let line = document.getElementById("fail");
  if (!line) {
    line = document.createElement("p");
    line.id = "fail";
    line.className = "error fail";
    line.setAttribute("role", "alert");
    line.dataset.testid = "fail";
    document.body.prepend(line);
  }
  line.textContent = words;
  line.hidden = false;
}

window.explorersFailed = detail => show(String(detail));
addEventListener("error", event => {
  event.preventDefault();
  show(event.error?.message || event.message);
});
addEventListener("unhandledrejection", event => {
  event.preventDefault();
  show(event.reason?.message || String(event.reason));
});
