import js
def start():
    from py_engine import GAMES
    js.document.getElementById("app").innerHTML = "<p id=ok>ok " + ",".join(GAMES) + "</p>"
    js.explorersLoaded()
