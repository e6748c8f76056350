/**
 * A rendered page's own inline script, in place of its `<script type="module">`: it starts the
 * app's modules (listed in its `data-modules`, the entry first) once the page has painted, so the
 * text paints before any script is even asked for. The server allows exactly this text by its
 * hash in the Content-Security-Policy.
 */
export const startAfterPaintScript =
  '(function(s){var m=s.getAttribute("data-modules").split(" ");' +
  'requestAnimationFrame(function(){setTimeout(function(){m.forEach(function(u,i){' +
  'var e=document.createElement(i?"link":"script");' +
  'if(i){e.rel="modulepreload";e.href=u}else{e.type="module";e.src=u}' +
  'e.crossOrigin="";document.head.appendChild(e)})})})})(document.currentScript)';
