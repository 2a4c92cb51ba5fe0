//! The pages' style and their one script, inlined into each page (no request, no
//! build step). The script only enhances: without it a game page shows the board
//! and the move list, and its links step through the moves.

/// The style: light and dark by `prefers-color-scheme`, no motion when
/// `prefers-reduced-motion`, one column from 360 px wide.
pub const CSS: &str = r#"
:root{color-scheme:light dark;--bg:#fbf8f3;--fg:#1d1a16;--muted:#6b6258;--accent:#8a4b12;--line:#e3dccf;--cur:#f3dfc4}
@media (prefers-color-scheme:dark){:root{--bg:#17150f;--fg:#ece6dc;--muted:#a59b8e;--accent:#f0a35e;--line:#3a342a;--cur:#4a3b25}}
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
#board{width:100%;height:auto;display:block;border-radius:.4rem}
img.graph{width:100%;height:auto;display:block}
.steps{display:flex;gap:.4rem;margin:.5rem 0;flex-wrap:wrap}
.steps a{display:inline-block;min-width:2.6rem;font-size:1.2rem;line-height:1.2;padding:.3rem .6rem;text-align:center;border:1px solid var(--line);border-radius:.3rem;text-decoration:none}
#moves{margin:0;padding-left:3rem;max-height:28rem;overflow:auto}
#moves li a{display:inline-block;min-width:4rem;text-decoration:none;padding:0 .3rem;border-radius:.2rem}
#moves li a[aria-current]{background:var(--cur);font-weight:bold}
dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem .8rem;margin:0}
dt{color:var(--muted)}
ol.standings{list-style:none;padding:0}
pre{overflow-x:auto;font-size:.85rem}
table{border-collapse:collapse}
th,td{padding:.2rem .6rem;text-align:left;border-bottom:1px solid var(--line)}
dd{margin:0}
.chart svg{display:block;width:100%;max-width:28rem;height:auto;color:var(--accent)}
a:focus-visible,button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
#play fieldset{border:1px solid var(--line);border-radius:.4rem;display:flex;flex-wrap:wrap;gap:.4rem}
#play button{min-width:3.4rem;font-size:1.1rem;padding:.4rem .6rem}
.flash{border-left:4px solid var(--accent);padding:0 .8rem;margin:.5rem 0}
form.signout{margin:.3rem 0;color:var(--muted)}
@media (prefers-reduced-motion:no-preference){#moves li a{transition:background .15s}}
"#;

/// Steps through the moves (buttons, arrow keys, Home/End) without a reload, and
/// follows a game in progress through its event stream.
pub const JS: &str = r#"
(function(){
var main=document.querySelector('main[data-slug]');if(!main)return;
var slug=main.dataset.slug,base='/g/'+slug,img=document.getElementById('board'),list=document.getElementById('moves');
var cur=+main.dataset.shown,total=+main.dataset.plies,first=total;
function links(){return list.querySelectorAll('a[data-ply]');}
function show(ply,push){
 ply=Math.max(0,Math.min(total,ply));cur=ply;main.dataset.shown=ply;
 img.src=base+'/board.png?ply='+ply+'&v='+main.dataset.version;
 fetch(base+'/alt?ply='+ply).then(function(r){return r.ok?r.text():null}).then(function(t){if(t!==null)img.alt=t});
 links().forEach(function(a){if(+a.dataset.ply===ply){a.setAttribute('aria-current','step');a.scrollIntoView({block:'nearest'})}else a.removeAttribute('aria-current')});
 document.getElementById('shown').textContent=ply;
 if(push)history.replaceState(null,'',ply===total?base:base+'?ply='+ply);
}
document.addEventListener('click',function(e){var a=e.target.closest('a[data-ply],a[data-step]');if(!a)return;e.preventDefault();
 var s=a.dataset.step;show(s==='first'?0:s==='prev'?cur-1:s==='next'?cur+1:s==='last'?total:+a.dataset.ply,true);});
document.addEventListener('keydown',function(e){if(e.altKey||e.ctrlKey||e.metaKey)return;
 var k={ArrowLeft:cur-1,ArrowRight:cur+1,Home:0,End:total}[e.key];if(k===undefined)return;e.preventDefault();show(k,true);});
if(main.dataset.live!=='1'||!window.EventSource)return;
var es=new EventSource(base+'/live');
es.onmessage=function(e){var s=JSON.parse(e.data),atEnd=cur===total;
 if(main.dataset.player==='1'&&s.plies!==first){location.reload();return;}total=s.plies;main.dataset.plies=total;main.dataset.version=s.version;
 list.innerHTML='';var li;s.moves.forEach(function(m,i){if(i%2===0){li=document.createElement('li');list.appendChild(li);}var a=document.createElement('a');a.href=base+'?ply='+(i+1);a.dataset.ply=i+1;a.textContent=m;li.appendChild(a);});
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
