//! The pages' style and their one script, inlined into each page (no request, no
//! build step). The script only enhances: without it a game page shows the board
//! and the move list, and its links step through the moves.

/// The style: light and dark by `prefers-color-scheme`, no motion when
/// `prefers-reduced-motion`, one column from 360 px wide.
pub const CSS: &str = r#"
:root{color-scheme:light dark;--bg:#fbf8f3;--fg:#1d1a16;--muted:#6b6258;--accent:#8a4b12;--line:#e3dccf;--cur:#f3dfc4;--wood:#e4cfa9;--pit:#fffaf1}
@media (prefers-color-scheme:dark){:root{--bg:#17150f;--fg:#ece6dc;--muted:#a59b8e;--accent:#f0a35e;--line:#3a342a;--cur:#4a3b25;--wood:#4a3a25;--pit:#211c14}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,sans-serif}
main{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.4rem;margin:.2rem 0}
h2{font-size:1.1rem;margin:1rem 0 .4rem}
a{color:var(--accent)}
.muted{color:var(--muted)}
.game{display:grid;gap:1rem;grid-template-columns:minmax(0,1fr)}
@media (min-width:60rem){.game{grid-template-columns:minmax(0,3fr) minmax(12rem,1fr)}}
figure{margin:0}
.board{display:grid;gap:.4rem;max-width:36rem}
.board .row{display:grid;grid-template-columns:repeat(6,minmax(0,1fr));gap:.4rem;padding:.4rem;border-radius:.8rem;background:var(--wood);border:2px solid transparent}
.board .row.turn{border-color:var(--accent)}
.board .pit{display:flex;flex-direction:column;align-items:center;justify-content:center;aspect-ratio:1;min-width:0;margin:0;padding:0;border-radius:50%;border:3px solid transparent;background:var(--pit);color:var(--fg);font:inherit;text-decoration:none}
.board .pit .n{font-size:clamp(1rem,5vw,1.7rem);font-weight:bold;line-height:1.1}
.board .pit .l{order:2;font-size:.75rem;color:var(--muted);line-height:1}
.board .pit.last{border-color:var(--accent)}
.board button.pit,.board a.pit{cursor:pointer;box-shadow:inset 0 0 0 2px var(--accent)}
.board button.pit:disabled{cursor:default;box-shadow:none;opacity:.55}
.board .side{margin:0;display:flex;gap:.5rem;align-items:center;min-width:0;overflow-wrap:anywhere}
.board .side.turn .name::before{content:"\25B6\00A0";color:var(--accent)}
.board .store{min-width:2.4rem;text-align:center;padding:.1rem .5rem;border-radius:.5rem;background:var(--wood)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.evalbar{height:.6rem;max-width:36rem;border-radius:.3rem;background:var(--fg);overflow:hidden;margin:.5rem 0}
.evalbar span{display:block;height:100%;background:var(--wood)}
.graph{position:relative}
.graph img{width:100%;height:auto;display:block}
.graph .jump a{position:absolute;top:0;bottom:0}
.graph .jump a:hover,.graph .jump a.at{background:color-mix(in srgb,var(--accent) 30%,transparent)}
.steps{display:flex;gap:.4rem;margin:.5rem 0;flex-wrap:wrap}
.steps a{display:inline-block;min-width:2.6rem;font-size:1.2rem;line-height:1.2;padding:.3rem .6rem;text-align:center;border:1px solid var(--line);border-radius:.3rem;text-decoration:none}
#moves{margin:0;padding-left:3rem;max-height:28rem;overflow:auto}
#moves li a{display:inline-block;vertical-align:top;min-width:4.5rem;text-decoration:none;padding:0 .3rem;border-radius:.2rem}
#moves li a[aria-current]{background:var(--cur);font-weight:bold}
#moves .t{display:block;color:var(--muted);font-size:.75em;font-weight:normal}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem .8rem;margin:0}
dt{color:var(--muted)}
ol.standings{list-style:none;padding:0}
pre{overflow-x:auto;font-size:.85rem}
table{border-collapse:collapse}
th,td{padding:.2rem .6rem;text-align:left;border-bottom:1px solid var(--line)}
dd{margin:0}
.chart svg{display:block;width:100%;max-width:28rem;height:auto;color:var(--accent)}
a:focus-visible,button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
#play fieldset{border:1px solid var(--line);border-radius:.4rem;min-width:0;margin:0;padding:.4rem}
.tools{margin:.3rem 0}
.flash{border-left:4px solid var(--accent);padding:0 .8rem;margin:.5rem 0}
form.signout{margin:.3rem 0;color:var(--muted)}
@media (prefers-reduced-motion:no-preference){#moves li a{transition:background .15s}}
"#;

/// Steps through the moves (buttons, arrow keys, Home/End) without a reload, drawing
/// the board from the positions the page carries, and follows a game in progress
/// through its event stream. A study board (`?try=`) carries none: its links work
/// as they are.
pub const JS: &str = r#"
(function(){
var main=document.querySelector('main[data-slug]'),data=document.getElementById('positions');if(!main||!data)return;
data=JSON.parse(data.textContent);
var slug=main.dataset.slug,base='/g/'+slug,tail=main.dataset.tail||'',board=document.getElementById('board'),list=document.getElementById('moves');
var cur=+main.dataset.shown,total=+main.dataset.plies,first=total,loaded=cur;
var own=[];board.querySelectorAll('button[data-pit]').forEach(function(b){own.push([b,b.disabled,b.getAttribute('aria-label')]);});
function links(){return list.querySelectorAll('a[data-ply]');}
function draw(ply){var p=data.positions[ply];if(!p)return false;
 board.querySelectorAll('[data-pit]').forEach(function(el){var l=el.dataset.pit,c=l.charCodeAt(0),n=p[0][c<97?c-65:c-91];
  el.querySelector('.n').textContent=n;el.setAttribute('aria-label',data.labels[n].replace('{pit}',l));el.classList.toggle('last',p[3]===l);});
 board.querySelectorAll('[data-store]').forEach(function(el){el.textContent=p[1][el.dataset.store==='S'?0:1];});
 board.querySelectorAll('[data-side]').forEach(function(el){el.classList.toggle('turn',p[2]===el.dataset.side);});
 own.forEach(function(o){o[0].disabled=ply===total?o[1]:true;if(ply===total)o[0].setAttribute('aria-label',o[2]);});
 return true;}
function show(ply,push){
 ply=Math.max(0,Math.min(total,ply));
 // A player's page written at an earlier move has no pits to press: the latest is loaded.
 if(ply===total&&main.dataset.player==='1'&&loaded!==total){location.href=base+(tail?'?'+tail.slice(1):'');return;}
 if(!draw(ply)){location.href=base+'?ply='+ply+tail;return;}
 cur=ply;main.dataset.shown=ply;
 links().forEach(function(a){if(+a.dataset.ply===ply){a.setAttribute('aria-current','step');a.scrollIntoView({block:'nearest'})}else a.removeAttribute('aria-current')});
 document.querySelectorAll('.jump a').forEach(function(a){a.classList.toggle('at',+a.dataset.ply===ply)});
 document.querySelectorAll('a[data-tail]').forEach(function(a){a.href=base+(a.dataset.path||'')+'?ply='+ply+a.dataset.tail;});
 document.getElementById('shown').textContent=ply;
 if(push)history.replaceState(null,'',ply===total?base+(tail?'?'+tail.slice(1):''):base+'?ply='+ply+tail);
}
document.addEventListener('click',function(e){var a=e.target.closest('a[data-ply],a[data-step]');if(!a)return;e.preventDefault();
 var s=a.dataset.step;show(s==='first'?0:s==='prev'?cur-1:s==='next'?cur+1:s==='last'?total:+a.dataset.ply,true);});
document.addEventListener('keydown',function(e){if(e.altKey||e.ctrlKey||e.metaKey)return;
 var k={ArrowLeft:cur-1,ArrowRight:cur+1,Home:0,End:total}[e.key];if(k===undefined)return;e.preventDefault();show(k,true);});
if(main.dataset.live!=='1'||!window.EventSource)return;
var es=new EventSource(base+'/live');
es.addEventListener('watching',function(e){var w=document.getElementById('watching');if(w)w.textContent=e.data;});
es.onmessage=function(e){var s=JSON.parse(e.data),atEnd=cur===total,pos=data.positions;
 if(main.dataset.player==='1'&&s.plies!==first){location.reload();return;}total=s.plies;main.dataset.plies=total;main.dataset.version=s.version;
 if(pos.length>total)pos.length=total;while(pos.length<total)pos.push(null);pos.push(s.position);
 list.innerHTML='';var li;s.moves.forEach(function(m,i){if(i%2===0){li=document.createElement('li');list.appendChild(li);}var a=document.createElement('a');a.href=base+'?ply='+(i+1)+tail;a.dataset.ply=i+1;a.textContent=m;if(s.times&&s.times[i]){var t=document.createElement('small');t.className='t';t.textContent=s.times[i];a.appendChild(document.createTextNode(' '));a.appendChild(t);}li.appendChild(a);});
 document.getElementById('status').textContent=s.status;
 ['clocks','advice'].forEach(function(id){var el=document.getElementById(id);if(el)el.textContent=s[id]||'';});
 document.getElementById('total').textContent=total;
 show(atEnd?total:cur,false);if(!s.live)es.close();};
})();
"#;

/// Every page's document: its language (`lang`), charset and viewport, then `head` (its
/// title and meta tags) and the style, and `body`.
pub fn document(
    lang: &crate::i18n::Language,
    head: maud::Markup,
    body: maud::Markup,
) -> maud::Markup {
    maud::html! {
        (maud::DOCTYPE)
        html lang=(lang.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                (head)
                style { (maud::PreEscaped(CSS)) }
            }
            body { (body) }
        }
    }
}
